// Component tests render screens without their routes: load every area's texts as the routes' loaders would.
import { loadTexts } from '../../src/i18n/i18n';
import { NAMESPACES } from '../../src/i18n/namespaces.gen';

await Promise.all(NAMESPACES.map((namespace) => loadTexts(namespace)));
