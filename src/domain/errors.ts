// The service's error contract lives below every layer (src/errors.ts), so the store can throw it too; the domain
// and the layers above keep importing it from here.
export * from '../errors';
