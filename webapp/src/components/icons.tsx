import type { CSSProperties, ReactNode } from 'react';

/** The few line icons the screens draw (drag handles, chevrons, arrows, remove), in one place. */

/** A 16×16 stroked icon in the text's colour, hidden from screen readers (its button names it). */
function LineIcon({ size, style, children }: { size: number; style?: CSSProperties; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      style={style}
    >
      {children}
    </svg>
  );
}

/** Six dots: the drag handle of a sortable row. */
export function GripIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
      {[3.5, 8, 12.5].map((y) =>
        [5.5, 10.5].map((x) => <circle key={`${String(x)}-${String(y)}`} cx={x} cy={y} r="1.4" />),
      )}
    </svg>
  );
}

/** A chevron pointing down when expanded, right when collapsed. */
export function ChevronIcon({ expanded, size = 14 }: { expanded: boolean; size?: number }) {
  return (
    <LineIcon size={size} style={{ transform: expanded ? 'rotate(90deg)' : 'none', transition: 'transform 240ms ease' }}>
      <path d="M6 3l5 5-5 5" />
    </LineIcon>
  );
}

/** An arrow pointing up (or down when `down`). */
export function ArrowIcon({ down = false, size = 14 }: { down?: boolean; size?: number }) {
  return (
    <LineIcon size={size} style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" />
    </LineIcon>
  );
}

/** A cross: remove. */
export function CrossIcon({ size = 14 }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <path d="M4 4l8 8M12 4l-8 8" />
    </LineIcon>
  );
}

/** A clock face: duty time (the top bar's clock). */
export function ClockIcon({ size = 16 }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 4.5V8l2.5 1.5" />
    </LineIcon>
  );
}

/** A chevron pointing down: a button that opens more choices. */
export function CaretDownIcon({ size = 12 }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <path d="M3.5 6 8 10.5 12.5 6" />
    </LineIcon>
  );
}
