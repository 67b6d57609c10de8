export * from './toast-state';
// The stack itself (`Toaster`) is not re-exported: it loads on its own (ToasterSlot), and its stylesheet import would
// keep it in every chunk that imports this barrel.
