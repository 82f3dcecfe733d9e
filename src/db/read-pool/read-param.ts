/** A value bound to a `?` of a register read: plain values only, so a read can cross to a read thread as it is. */
export type ReadParam = string | number | null;
