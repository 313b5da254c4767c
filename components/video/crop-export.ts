"use client";
import type { Area } from "react-easy-crop";

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The picture could not be read"));
    image.src = src;
  });

/** The cropped area drawn at the target format's size and exported as JPEG at quality 0.95 (docs/product/video.md). */
export async function exportCrop({
  src,
  area,
  width,
  height,
}: {
  src: string;
  area: Area;
  width: number;
  height: number;
}): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Export failed"))), "image/jpeg", 0.95),
  );
}

/** The preview box: at most 420 px wide (or the column) and 60 % of the window's height, at the format's aspect. */
export function previewSize({
  aspect,
  columnWidth,
  windowHeight,
}: {
  aspect: number;
  columnWidth: number;
  windowHeight: number;
}): { width: number; height: number } {
  let width = Math.min(420, columnWidth);
  let height = width / aspect;
  const maxHeight = windowHeight * 0.6;
  if (height > maxHeight) {
    height = maxHeight;
    width = height * aspect;
  }
  return { width: Math.round(width), height: Math.round(height) };
}
