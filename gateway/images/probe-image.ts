/** The probe image (spec §7.8): a 1 × 1 transparent GIF, small enough that its load time is the host's latency. */
export const PROBE_GIF: ArrayBuffer = Uint8Array.from(
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
).buffer;
