import { useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { checkGtin } from '~/search/gtin';
import { useSite } from '~/site/use-site';

/** The Barcode Detection API (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = (): DetectorConstructor | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: DetectorConstructor }).BarcodeDetector
    : null;

const CAMERA: MediaStreamConstraints = { video: { facingMode: 'environment' } };

/** Reads codes with the browser's own BarcodeDetector; returns how to stop. */
async function nativeScan(
  Detector: DetectorConstructor,
  video: HTMLVideoElement,
  found: (code: string) => void,
): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia(CAMERA);
  let stopped = false;
  video.srcObject = stream;
  await video.play();
  const detector = new Detector({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e'] });
  void (async () => {
    while (!stopped) {
      const codes = await detector.detect(video).catch(() => []);
      const code = codes.find((c) => checkGtin(c.rawValue) === 'valid');
      if (code) return found(code.rawValue);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return () => {
    stopped = true;
    stream.getTracks().forEach((track) => track.stop());
  };
}

/**
 * Elsewhere ZXing's decoder (@zxing/browser, the JavaScript port of the ZXing library), loaded only
 * when a visitor starts the camera in a browser without BarcodeDetector: no page carries it.
 */
async function zxingScan(video: HTMLVideoElement, found: (code: string) => void): Promise<() => void> {
  const [{ BrowserMultiFormatOneDReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.UPC_E],
    ],
  ]);
  const reader = new BrowserMultiFormatOneDReader(hints);
  const controls = await reader.decodeFromConstraints(CAMERA, video, (result) => {
    const code = result?.getText() ?? '';
    if (checkGtin(code) === 'valid') found(code);
  });
  return () => controls.stop();
}

/**
 * The camera scanner (spec §1): reads EAN/UPC codes with the browser's BarcodeDetector where it
 * has one, else with ZXing's decoder, and runs the GTIN query. Without a camera it says to type
 * the digits.
 */
export function BarcodeScanner() {
  const { t, route } = useSite();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [supported, setSupported] = useState<boolean | null>(null);
  const [scanning, setScanning] = useState(false);
  useEffect(() => setSupported(!!navigator.mediaDevices?.getUserMedia), []);

  useEffect(() => {
    if (!scanning || !video.current) return;
    const element = video.current;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const found = (code: string) => {
      stop?.();
      setScanning(false);
      navigate(route('barcode', {}, { gtin: code }));
    };
    const Detector = detectorClass();
    (Detector ? nativeScan(Detector, element, found) : zxingScan(element, found))
      .then((stopper) => {
        if (cancelled) stopper();
        else stop = stopper;
      })
      .catch(() => setScanning(false));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [scanning, navigate, route]);

  if (supported === null) return <div className="scanner-slot" />;
  if (!supported) return <p className="muted scanner-slot">{t('search.barcodeNoCamera')}</p>;
  return (
    <div className="scanner-slot">
      <button type="button" onClick={() => setScanning(!scanning)} aria-pressed={scanning}>
        {scanning ? t('search.barcodeStop') : t('search.barcodeScan')}
      </button>
      {scanning ? (
        <video ref={video} className="scanner-video" muted playsInline aria-label={t('search.barcodeScan')} />
      ) : null}
    </div>
  );
}
