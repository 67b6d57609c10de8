import { appBridge, mayBeInApp } from '../../bridge/app-bridge';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE } from './settings-api';

/** Largest picture file read at all (before compression): 10 MB. */
export const AVATAR_SOURCE_MAX_BYTES = 10 * 1024 * 1024;
const QUALITIES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4];

/** Why a picture cannot be used: not an image, too large a file, or it could not be read or compressed small enough. */
export type AvatarProblem = 'type' | 'size' | 'unreadable';

/** The size a picture is scaled into, keeping its aspect ratio: at most AVATAR_MAX_SIDE on each side, never larger. */
export function fitInto(width: number, height: number, side = AVATAR_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Compresses a chosen picture in a canvas to at most 256×256, as WebP where the browser writes it (else JPEG), lowering
 * the quality until it fits AVATAR_MAX_BYTES; returns its base64 or why it cannot be used.
 */
export async function compressAvatar(file: File): Promise<{ image: string } | { problem: AvatarProblem }> {
  if (!file.type.startsWith('image/')) return { problem: 'type' };
  if (file.size > AVATAR_SOURCE_MAX_BYTES) return { problem: 'size' };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { problem: 'unreadable' };
  }
  const { width, height } = fitInto(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return { problem: 'unreadable' };
  // JPEG has no transparency: a white ground rather than black behind a transparent PNG.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  for (const type of ['image/webp', 'image/jpeg']) {
    for (const quality of QUALITIES) {
      const blob = await toBlob(canvas, type, quality);
      // A browser that cannot write WebP hands back PNG: try JPEG then.
      if (!blob || blob.type !== type) break;
      if (blob.size <= AVATAR_MAX_BYTES) return { image: await base64Of(blob) };
    }
  }
  return { problem: 'size' };
}

/**
 * Inside the app, tells it the largest picture it may hand the page (`setPictureCompressSize`, contracts/bridge.md §3,
 * Android from 2.8.0; elsewhere the bridge does not send it), so its own picker compresses to what the gateway keeps.
 */
export function tellAppPictureSize(): void {
  if (!mayBeInApp()) return;
  void appBridge()
    .then((bridge) => bridge.call('setPictureCompressSize', { maxBytes: AVATAR_MAX_BYTES }))
    .catch(() => undefined);
}
