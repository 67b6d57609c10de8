type ImageHosts = typeof import('../platform/image-hosts');

/**
 * Puts the rich-text images under `root` that the sanitizer marked with their path (`attribute`) onto the session's
 * image hosts (spec §7.8): the fastest first, the next on an error, this origin last. Returns a function that stops
 * (the text was replaced).
 */
export function placeHostedImages(root: HTMLElement, attribute: string): () => void {
  const images = [...root.querySelectorAll<HTMLImageElement>(`img[${attribute}]`)];
  if (images.length === 0) return () => undefined;
  let isLive = true;
  const stops: (() => void)[] = [];
  const place = (hosts: ImageHosts | null) => {
    // The order as it stands when asked: the full ranking may arrive after the first choice.
    const orderNow = () => (hosts ? hosts.imageHostOrder() : [location.origin]);
    for (const image of images) {
      const path = image.getAttribute(attribute) ?? '';
      const tried = new Set<string>();
      let host: string | undefined;
      const tryNext = () => {
        host = orderNow().find((candidate) => !tried.has(candidate));
        if (host === undefined) {
          image.dataset.state = 'failed';
          return;
        }
        tried.add(host);
        image.src = `${host}${path}`;
      };
      const onError = () => {
        if (host === undefined || image.getAttribute('src') !== `${host}${path}`) return;
        hosts?.markHostBad(host);
        tryNext();
      };
      image.addEventListener('error', onError);
      stops.push(() => image.removeEventListener('error', onError));
      tryNext();
    }
  };
  // The prober is the same module coin icons load: one choice per session, made once.
  void import('../platform/image-hosts')
    .then(async (hosts) => {
      await hosts.chooseImageHosts();
      return hosts;
    })
    .then(
      (hosts) => isLive && place(hosts),
      () => isLive && place(null),
    );
  return () => {
    isLive = false;
    for (const stop of stops) stop();
  };
}
