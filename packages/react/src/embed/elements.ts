// Script-tag build of the web components: defines <matnat-panel>, <matnat-single-value>,
// <matnat-device-map>, <matnat-temperature-map> (and the shop's) on load, for pages without a bundler.
import { defineMatnatElements } from '../elements';

defineMatnatElements();
