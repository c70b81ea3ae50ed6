'use client';
// Banner advertisement (SPEC sections 1 and 9): key, height (default 90), width (default 728).
// - No key or no script URL configured: renders nothing.
// - The box is reserved at its final size before anything loads, so the page never shifts.
// - The ad network's script is added only after the page has finished loading, async, and its failure is
//   ignored: an unreachable ad host can neither break the page nor delay its load event.
import { useEffect, useRef } from 'react';

export interface AdBannerProps {
  /** The ad unit key. */
  adKey: string;
  /** The ad network's script URL (from AD_HOST). */
  scriptUrl: string;
  width?: number;
  height?: number;
}

export function AdBanner({ adKey, scriptUrl, width = 728, height = 90 }: AdBannerProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = box.current;
    if (!container || !adKey || !scriptUrl) return;
    let script: HTMLScriptElement | null = null;
    let cancelled = false;
    const inject = () => {
      if (cancelled) return;
      script = document.createElement('script');
      script.async = true;
      script.src = scriptUrl;
      script.onerror = () => {
        // Unreachable or blocked ad host: keep the empty reserved box, log nothing noisy.
        container.dataset.adState = 'failed';
      };
      script.onload = () => {
        container.dataset.adState = 'loaded';
      };
      container.appendChild(script);
    };
    // After the load event so the ad never delays it; idle time when the browser offers it.
    const schedule = () => {
      const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
        .requestIdleCallback;
      if (idle) idle(inject, { timeout: 2000 });
      else setTimeout(inject, 0);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', schedule);
      script?.remove();
    };
  }, [adKey, scriptUrl]);

  if (!adKey || !scriptUrl) return null;
  return (
    <aside className="ad-banner" aria-label="Advertisement" style={{ maxWidth: width, height }}>
      <div ref={box} className="ad-slot" style={{ width, height }} data-ad-state="pending">
        {/* The unit element the network's script fills in (Kakao AdFit markup; others use data-ad-* alike). */}
        <ins
          className="kakao_ad_area"
          style={{ display: 'none' }}
          data-ad-unit={adKey}
          data-ad-width={String(width)}
          data-ad-height={String(height)}
        />
      </div>
    </aside>
  );
}
