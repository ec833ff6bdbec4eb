import { writeFileSync } from 'node:fs';

/** EAN-13 digit patterns (GS1): L and G for the left half by the first digit's parity, R for the right. */
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
const G = R.map((bits) => [...bits].reverse().join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 code (1 = bar). */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0] as number] as string;
  const left = digits
    .slice(1, 7)
    .map((d, i) => (parity[i] === 'L' ? L : G)[d])
    .join('');
  const right = digits
    .slice(7)
    .map((d) => R[d])
    .join('');
  return `101${left}01010${right}101`;
}

/**
 * A Y4M video (one 640×480 frame, 4:2:0) showing the barcode, for Chromium's fake camera
 * (--use-file-for-fake-video-capture): the browser scans it as it would a real camera picture.
 */
export function writeBarcodeVideo(path: string, code: string): void {
  const width = 640;
  const height = 480;
  const module = 4;
  const modules = ean13Modules(code);
  const left = Math.floor((width - modules.length * module) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 120; y < 360; y += 1) {
    for (let m = 0; m < modules.length; m += 1) {
      if (modules[m] !== '1') continue;
      for (let x = 0; x < module; x += 1) luma[y * width + left + m * module + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]),
  );
}
