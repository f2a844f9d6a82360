import { useState } from 'react';

interface ProductImageProps {
  /** The stored image name (`pi_name`); none shows the placeholder. */
  name: string | undefined;
  alt: string;
  className?: string;
  /** `lazy` for images that may start off-screen (cards in lists and rows). */
  loading?: 'lazy' | 'eager';
}

export function productImageUrl(name: string): string {
  return `/images/product/${encodeURIComponent(name)}`;
}

/** A product image, or the 이미지 없음 placeholder when there is none or it fails to load. */
export function ProductImage({ name, alt, className, loading }: ProductImageProps) {
  const src = name ? productImageUrl(name) : undefined;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <div
        className={`no-image${className ? ` ${className}` : ''}`}
        role="img"
        aria-label={`${alt} (이미지 없음)`}
      >
        <span aria-hidden="true">이미지 없음</span>
      </div>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
