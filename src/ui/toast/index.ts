export * from './toast-state';
export { Toaster, type ToasterProps } from './Toaster';
