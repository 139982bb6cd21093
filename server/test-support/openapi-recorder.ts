import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildDocument, openApiPath, splitKey, type AreaDescription, type OpenApiDocument } from '../openapi/build-document';

interface DocumentedResponse {
  content?: Record<string, { schema: object }>;
}

/**
 * Checks real answers against an area's OpenAPI document: each answer's status must be one the
 * route documents, and its body must validate (JSON Schema 2020-12, formats checked) against
 * that status's schema. Collects one line per mismatch and the routes that answered a success.
 */
export class OpenApiRecorder {
  readonly problems: string[] = [];
  readonly succeeded = new Set<string>();
  private readonly document: OpenApiDocument;
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly area: AreaDescription) {
    this.document = buildDocument(area);
    addFormats.default(this.ajv, ['date-time', 'date', 'email']);
  }

  /** Checks one answer of the route `key` (`METHOD /path` as in the area's table). */
  async check(key: string, response: Response): Promise<string> {
    const text = await response.text();
    const [method, path] = splitKey(key);
    const label = `${key} answered ${response.status}`;
    const operation = this.document.paths[openApiPath(path)]?.[method.toLowerCase()];
    if (!operation) {
      this.problems.push(`${key} is not in the document`);
      return text;
    }
    const documented = (operation.responses as Record<string, DocumentedResponse>)[String(response.status)];
    if (!documented) {
      this.problems.push(`${label}, a status the document does not list: ${text.slice(0, 200)}`);
      return text;
    }
    if (response.status < 400) this.succeeded.add(key);
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!;
    if (!documented.content) {
      if (text !== '') this.problems.push(`${label} with a body the document does not describe: ${text.slice(0, 200)}`);
      return text;
    }
    const media = documented.content[type];
    if (!media) {
      this.problems.push(`${label} as ${type || 'no type'}, documented as ${Object.keys(documented.content).join(', ')}`);
      return text;
    }
    if (type !== 'application/json') return text;
    const validate = this.validator(`${key} ${response.status}`, media.schema);
    if (!validate(JSON.parse(text))) {
      this.problems.push(`${label} with a body its schema refuses: ${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
    }
    return text;
  }

  /** The routes of the area that no check saw answer a success. */
  unanswered(): string[] {
    return Object.keys(this.area.operations).filter((key) => !this.succeeded.has(key));
  }

  /** A schema of the document, compiled with the document's components beside it for its `$ref`s. */
  private validator(name: string, schema: object): ValidateFunction {
    let validate = this.validators.get(name);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.validators.set(name, validate);
    }
    return validate;
  }
}
