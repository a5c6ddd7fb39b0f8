// The rapidoc bundle registers <rapi-doc> as a side effect; it exports nothing we use.
declare module 'rapidoc';
