import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';

/** The buyer signs with a finger (pointer events); the drawing is kept as a PNG data URL. */
export function SignaturePad({
  label,
  hint,
  clear,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  clear: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ctx = c.getContext('2d')!;
    ctx.clearRect(0, 0, c.width, c.height);
    if (value) {
      const image = new Image();
      image.onload = () => ctx.drawImage(image, 0, 0);
      image.src = value;
    }
    // Only when a saved signature is loaded (not at each stroke).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value === '']);
  const point = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [
      ((event.clientX - rect.left) * event.currentTarget.width) / rect.width,
      ((event.clientY - rect.top) * event.currentTarget.height) / rect.height,
    ] as const;
  };
  return (
    <div className="signature">
      <p className="signature__label" id="signature-label">
        {label}
      </p>
      <canvas
        ref={canvas}
        width={480}
        height={160}
        className="signature__pad"
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-hint"
        onPointerDown={(event) => {
          drawing.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          const ctx = event.currentTarget.getContext('2d')!;
          const [x, y] = point(event);
          ctx.lineWidth = 2.5;
          ctx.lineCap = 'round';
          ctx.strokeStyle = '#2b2620';
          ctx.beginPath();
          ctx.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const ctx = event.currentTarget.getContext('2d')!;
          const [x, y] = point(event);
          ctx.lineTo(x, y);
          ctx.stroke();
        }}
        onPointerUp={(event) => {
          drawing.current = false;
          onChange(event.currentTarget.toDataURL('image/png'));
        }}
      />
      <p className="signature__hint" id="signature-hint">
        {hint}{' '}
        <button type="button" className="button button--small" onClick={() => onChange('')}>
          {clear}
        </button>
      </p>
    </div>
  );
}
