import { useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useSite } from '~/site/use-site';

/** The Barcode Detection API (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = (): DetectorConstructor | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window ? ((window as unknown as { BarcodeDetector: DetectorConstructor }).BarcodeDetector) : null;

/**
 * A camera scanner where the browser offers BarcodeDetector (spec §1): it reads EAN/UPC codes
 * from the camera and runs the GTIN query. Elsewhere it says to type the digits.
 */
export function BarcodeScanner() {
  const { t, route } = useSite();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [supported, setSupported] = useState<boolean | null>(null);
  const [scanning, setScanning] = useState(false);
  useEffect(() => setSupported(detectorClass() !== null && !!navigator.mediaDevices?.getUserMedia), []);

  useEffect(() => {
    const Detector = detectorClass();
    if (!scanning || !Detector || !video.current) return;
    const element = video.current;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new Detector({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e'] });
    const scan = async () => {
      while (!stopped) {
        const codes = await detector.detect(element).catch(() => []);
        const code = codes.find((c) => /^\d{8,14}$/.test(c.rawValue));
        if (code) {
          setScanning(false);
          navigate(route('barcode', {}, { gtin: code.rawValue }));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        element.srcObject = s;
        await element.play();
        await scan();
      })
      .catch(() => setScanning(false));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, navigate, route]);

  if (supported === null) return <div className="scanner-slot" />;
  if (!supported) return <p className="muted scanner-slot">{t('search.barcodeNoCamera')}</p>;
  return (
    <div className="scanner-slot">
      <button type="button" onClick={() => setScanning(!scanning)} aria-pressed={scanning}>
        {scanning ? t('search.barcodeStop') : t('search.barcodeScan')}
      </button>
      {scanning ? <video ref={video} className="scanner-video" muted playsInline aria-label={t('search.barcodeScan')} /> : null}
    </div>
  );
}
