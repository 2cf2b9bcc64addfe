/** The longest side of an uploaded profile photo: enough for the avatar at twice its largest size. */
export const PHOTO_SIZE = 256;

/** Width and height that fit within `max` keeping the aspect ratio; never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  max = PHOTO_SIZE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A picture file scaled down in the browser and encoded as a JPEG `data:` URL, which `photo_url` accepts
 * and the page's Content-Security-Policy shows. Rejects when the file is not a picture the browser reads.
 */
export async function photoToDataUrl(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}
