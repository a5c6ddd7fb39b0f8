// Lint of the /v1 OpenAPI document (`npm run lint:openapi`): Spectral's OpenAPI rules plus the
// OWASP API security ruleset. A JS ruleset so the OWASP package resolves from node_modules;
// a YAML `extends` of a package name would be fetched from a CDN.
import { oas } from '@stoplight/spectral-rulesets';
import owasp from '@stoplight/spectral-owasp-ruleset';

export default { extends: [oas, owasp] };
