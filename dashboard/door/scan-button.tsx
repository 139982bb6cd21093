import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { checkInCodeFrom } from '../../core/schemas/check-in';

/** The part of the Shape Detection API's `BarcodeDetector` the door uses (not in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The browser's `BarcodeDetector`, where it has one (Chrome on Android and macOS; not Firefox, not Linux). */
function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** How often a frame of the camera is read. */
const SCAN_EVERY_MS = 250;

/**
 * "Scan a card": the phone's camera in a video element, read by the browser's `BarcodeDetector`
 * until a QR code holds a check-in link or code. Absent where the browser has no detector.
 */
export function ScanButton({ onCode }: { onCode(code: string): void }) {
  const [scanning, setScanning] = useState(false);
  if (!barcodeDetector()) return null;
  return (
    <>
      <Button className="button" onPress={() => setScanning(!scanning)} aria-expanded={scanning}>
        {scanning ? 'Stop scanning' : 'Scan a card'}
      </Button>
      {scanning ? (
        <Scanner
          onCode={(code) => {
            setScanning(false);
            onCode(code);
          }}
        />
      ) : null}
    </>
  );
}

function Scanner({ onCode }: { onCode(code: string): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);
  useEffect(() => {
    const Detector = barcodeDetector()!;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const read = async (detector: BarcodeDetectorLike) => {
      if (ended || !video.current) return;
      try {
        if (video.current.readyState >= 2) {
          for (const barcode of await detector.detect(video.current)) {
            const code = checkInCodeFrom(barcode.rawValue);
            if (code && !ended) {
              ended = true;
              found.current(code);
              return;
            }
          }
        }
      } catch {
        // A frame the detector could not read: the next one.
      }
      timer = setTimeout(() => void read(detector), SCAN_EVERY_MS);
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (ended || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        void read(new Detector({ formats: ['qr_code'] }));
      } catch (error) {
        setProblem(`The camera could not be opened (${error instanceof Error ? error.message : String(error)}). Type the code instead.`);
      }
    })();
    return () => {
      ended = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <div className="door__scanner">
      <video ref={video} muted playsInline aria-label="Camera: hold the card's QR code in view" />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
