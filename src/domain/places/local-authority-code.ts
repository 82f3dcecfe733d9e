/**
 * An ONS local authority district code: the nation's letter and eight digits (E06/E07/E08/E09 in England, W06 in
 * Wales, S12 in Scotland, N09 in Northern Ireland). Pseudo codes (E99999999, L99999999…) match too and are
 * told apart where the lookup is read.
 */
export const LOCAL_AUTHORITY_CODE = /^[EWSN]\d{8}$/;
