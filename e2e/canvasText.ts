// The chart's axis labels exist only as pixels: what the browser tests know of them is read from the
// canvas `fillText` calls, recorded before the page's scripts run.
import type { Page } from '@playwright/test';

/** A label drawn on a canvas: its text and where its ink lies, in canvas pixels. */
export interface DrawnLabel {
  canvas: number;
  canvasWidth: number;
  canvasHeight: number;
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** performance.now() of the draw. */
  at: number;
  /** How many times its canvas had been wiped whole before: labels of one draw share it. */
  draw: number;
}

/** Records every text drawn on a canvas of the page from now on (`drawnLabels`, `labelCanvases`). */
export async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const canvases: HTMLCanvasElement[] = [];
    const drawn: unknown[] = [];
    (window as unknown as { drawnLabels: unknown[] }).drawnLabels = drawn;
    (window as unknown as { labelCanvases: HTMLCanvasElement[] }).labelCanvases = canvases;
    // A draw of lightweight-charts starts by wiping its canvas whole (clearRect, or fillRect in 'copy' mode).
    const draws = new Map<HTMLCanvasElement, number>();
    const proto = CanvasRenderingContext2D.prototype;
    for (const name of ['clearRect', 'fillRect'] as const) {
      const wipe = proto[name];
      proto[name] = function (x: number, y: number, w: number, h: number) {
        const m = this.getTransform();
        const canvas = this.canvas as HTMLCanvasElement;
        const whole =
          x * m.a + m.e <= 0 && y * m.d + m.f <= 0 && w * m.a >= canvas.width && h * m.d >= canvas.height;
        if (whole) draws.set(canvas, (draws.get(canvas) ?? 0) + 1);
        return wipe.call(this, x, y, w, h);
      };
    }
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number) {
      const m = this.getTransform();
      const metrics = this.measureText(text);
      const width = metrics.width * m.a;
      const origin = x * m.a + m.e;
      const left =
        this.textAlign === 'center'
          ? origin - width / 2
          : this.textAlign === 'right' || this.textAlign === 'end'
            ? origin - width
            : origin;
      // The ink's ascent and descent are measured from the point the baseline setting puts at y.
      const base = y * m.d + m.f;
      if (!canvases.includes(this.canvas as HTMLCanvasElement))
        canvases.push(this.canvas as HTMLCanvasElement);
      drawn.push({
        canvas: canvases.indexOf(this.canvas as HTMLCanvasElement),
        canvasWidth: this.canvas.width,
        canvasHeight: this.canvas.height,
        text,
        left,
        right: left + width,
        top: base - metrics.actualBoundingBoxAscent * m.d,
        bottom: base + metrics.actualBoundingBoxDescent * m.d,
        at: performance.now(),
        draw: draws.get(this.canvas as HTMLCanvasElement) ?? 0,
      });
      return fillText.call(this, text, x, y);
    };
  });
}

/** The labels drawn on canvases still in the page (the chart library's warm-up chart draws some, then leaves). */
export function connectedLabels(page: Page): Promise<DrawnLabel[]> {
  return page.evaluate(() => {
    const w = window as unknown as { drawnLabels: DrawnLabel[]; labelCanvases: HTMLCanvasElement[] };
    return w.drawnLabels.filter((d) => w.labelCanvases[d.canvas]?.isConnected);
  });
}

/** The labels of one canvas's latest draw (since the canvas was last wiped whole). */
export function latestDraw(labels: DrawnLabel[], canvas: number): DrawnLabel[] {
  const onCanvas = labels.filter((d) => d.canvas === canvas);
  const last = onCanvas.at(-1)?.draw ?? 0;
  return onCanvas.filter((d) => d.draw === last);
}
