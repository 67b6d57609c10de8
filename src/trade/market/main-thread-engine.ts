/**
 * The page's one run-time door into `engine/market` (ARCHITECTURE, the boundary; the lint rule allows this module by
 * name): what must run on this thread itself. That is the painters of the book and the tape when the worker cannot
 * paint them (no OffscreenCanvas), the depth chart's painter (its crosshair follows the pointer here, from figures
 * the market worker wrote), and the pacing of the painted panels' accessible copies, which decides when React shows
 * them. Everything else of the feed runs in the market worker.
 */
export { type BookPaintLayout, BookSurfacePainter, type CanvasSurface } from '../../../engine/market/book-painter';
export { type DepthPaintLayout, type DepthPoint, DepthSurfacePainter } from '../../../engine/market/depth-painter';
export { CopyBatch, PanelCopyPacer } from '../../../engine/market/panel-copy-pacing';
export { type TapePart, TapeSurfacePainter } from '../../../engine/market/tape-painter';
