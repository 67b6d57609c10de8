import { type SyntheticEvent, useEffect, useState } from 'react';
import { HOSTED_IMAGE_PATH } from '../platform/image-host-source';
import './coin-icon.css';

type ImageHostsModule = typeof import('../platform/image-hosts');

/** The prober, loaded on the first image: it is not part of the first render's code. */
let hostsModule: ImageHostsModule | null = null;
let hostsLoading: Promise<ImageHostsModule> | null = null;

function loadHosts(): Promise<ImageHostsModule> {
  hostsLoading ??= import('../platform/image-hosts').then(async (module) => {
    await module.chooseImageHosts();
    hostsModule = module;
    return module;
  });
  return hostsLoading;
}

export interface HostedImageProps {
  /** The image's path on every host, e.g. `/img/coins/BTC.svg`. */
  path: string;
  /** Its text alternative; `""` for a decorative image. */
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  /** Hidden from assistive technology (decorative). */
  isDecorative?: boolean;
}

/**
 * An image on the session's fastest host (spec §7.8): its box is reserved by `width` and `height` while the host is
 * chosen; on an error it moves to the next host by measured speed, then to this origin, and the failed host is not
 * tried again in this session.
 */
export function HostedImage({ path, alt, className, width, height, isDecorative }: HostedImageProps) {
  const [order, setOrder] = useState<readonly string[] | null>(() => hostsModule?.imageHostOrder() ?? null);
  const [tried, setTried] = useState(0);
  useEffect(() => {
    if (order !== null) return;
    let isLive = true;
    void loadHosts().then(
      (module) => isLive && setOrder(module.imageHostOrder()),
      () => isLive && setOrder([location.origin]),
    );
    return () => {
      isLive = false;
    };
  }, [order]);

  const isValid = HOSTED_IMAGE_PATH.test(path);
  const host = isValid ? order?.[tried] : undefined;
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    if (host === undefined || event.currentTarget.getAttribute('src') !== `${host}${path}`) return;
    hostsModule?.markHostBad(host);
    setTried((at) => at + 1);
  };
  const isFailed = !isValid || (order !== null && host === undefined);
  return (
    <img
      src={host === undefined ? undefined : `${host}${path}`}
      alt={alt}
      className={className ? `hosted-image ${className}` : 'hosted-image'}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      aria-hidden={isDecorative ? 'true' : undefined}
      data-state={isFailed ? 'failed' : host === undefined ? 'waiting' : undefined}
      onError={onError}
    />
  );
}
