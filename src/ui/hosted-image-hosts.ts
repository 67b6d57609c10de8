type ImageHostsModule = typeof import('../platform/image-hosts');

/** The prober, loaded on the first hosted image: it is not part of the first render's code. */
let hostsModule: ImageHostsModule | null = null;
let hostsLoading: Promise<ImageHostsModule> | null = null;

/** The session's image hosts, probed on first use (src/platform/image-hosts.ts). */
export function loadImageHosts(): Promise<ImageHostsModule> {
  hostsLoading ??= import('../platform/image-hosts').then(async (module) => {
    await module.chooseImageHosts();
    hostsModule = module;
    return module;
  });
  return hostsLoading;
}

/** The hosts to try in order, once chosen; null while they are being chosen. */
export function imageHostOrderNow(): readonly string[] | null {
  return hostsModule?.imageHostOrder() ?? null;
}

/** An image failed on `host`: not tried again in this session. */
export function markImageHostBad(host: string): void {
  hostsModule?.markHostBad(host);
}

/**
 * Puts the rich-text images under `root` that the sanitizer marked with their path onto the session's hosts: the
 * fastest first, the next on an error, this origin last. Returns a function that stops (the text was replaced).
 */
export function placeHostedImages(root: HTMLElement, attribute: string): () => void {
  const images = [...root.querySelectorAll<HTMLImageElement>(`img[${attribute}]`)];
  if (images.length === 0) return () => undefined;
  let isLive = true;
  const stops: (() => void)[] = [];
  const place = (first: readonly string[]) => {
    for (const image of images) {
      const path = image.getAttribute(attribute) ?? '';
      const tried = new Set<string>();
      let host: string | undefined;
      const tryNext = (order: readonly string[]) => {
        host = order.find((candidate) => !tried.has(candidate));
        if (host === undefined) {
          image.dataset.state = 'failed';
          return;
        }
        tried.add(host);
        image.src = `${host}${path}`;
      };
      const onError = () => {
        if (host === undefined || image.getAttribute('src') !== `${host}${path}`) return;
        markImageHostBad(host);
        // The order as it stands now: the full ranking may have arrived since the first choice.
        tryNext(imageHostOrderNow() ?? [location.origin]);
      };
      image.addEventListener('error', onError);
      stops.push(() => image.removeEventListener('error', onError));
      tryNext(first);
    }
  };
  const now = imageHostOrderNow();
  if (now !== null) place(now);
  else {
    void loadImageHosts().then(
      (module) => isLive && place(module.imageHostOrder()),
      () => isLive && place([location.origin]),
    );
  }
  return () => {
    isLive = false;
    for (const stop of stops) stop();
  };
}
