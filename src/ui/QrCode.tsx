import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * A QR code of `value` drawn as one SVG path of its dark modules (React elements, no markup strings: nothing to
 * sanitize, nothing for Trusted Types to refuse). Error correction M, the usual level for addresses on screens.
 */
export function QrCode({
  value,
  label,
  size = 168,
  testId = 'deposit-qr',
  className = 'qr-code',
}: {
  value: string;
  label: string;
  size?: number;
  testId?: string;
  className?: string;
}) {
  const { path, count } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value, 'Byte');
    code.make();
    const modules = code.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row++)
      for (let col = 0; col < modules; col++) if (code.isDark(row, col)) d += `M${col + 4},${row + 4}h1v1h-1z`;
    return { path: d, count: modules + 8 };
  }, [value]);
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${count} ${count}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={value}
    >
      <title>{label}</title>
      {/* Always dark on light with a quiet zone, whatever the theme: scanners read that. */}
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
