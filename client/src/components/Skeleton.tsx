import type { CSSProperties } from 'react';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  shape?: 'text' | 'block' | 'circle';
}

/** A grey placeholder in the shape of content that is still loading. Hidden from screen readers. */
export function Skeleton({ width, height, shape = 'text' }: SkeletonProps) {
  return <span className={`skeleton skeleton--${shape}`} style={{ width, height }} aria-hidden="true" />;
}
