/**
 * A validator for the part of XML Schema that schemas/*.xsd use, so the tests check
 * our XML against the shipped schemas on any machine (xmllint, when installed, checks
 * the same documents again: test/format/xml-schemas.test.ts).
 *
 * Supported: global and local xs:element (name + type, ref, or an inline
 * xs:complexType; minOccurs/maxOccurs), named and inline xs:complexType with
 * xs:sequence / xs:choice (with occurrences) or xs:simpleContent/xs:extension, and
 * xs:attribute (name, type, use="required"); xs:simpleType restrictions with
 * xs:enumeration and xs:maxInclusive/xs:minInclusive; the built-in types string,
 * token, anyURI, decimal, positiveInteger, nonNegativeInteger. Anything else in a schema is an
 * error, so a schema cannot silently use more than this checks.
 */
import { childElements, readXml, textOf, type XmlElement } from '../../packages/pith/src/input/index.js';

type Particle =
  | { kind: 'element'; name: string; type: string | XmlElement; min: number; max: number }
  | { kind: 'sequence' | 'choice'; items: Particle[]; min: number; max: number };

interface Schema {
  elements: Map<string, XmlElement>;
  complexTypes: Map<string, XmlElement>;
  simpleTypes: Map<string, XmlElement>;
}

const XS = 'xs:';
const BUILT_IN = new Set([
  'xs:string',
  'xs:token',
  'xs:anyURI',
  'xs:decimal',
  'xs:positiveInteger',
  'xs:nonNegativeInteger',
]);

function occurs(element: XmlElement, name: 'minOccurs' | 'maxOccurs'): number {
  const value = element.attributes[name];
  if (value === undefined) return 1;
  return value === 'unbounded' ? Number.POSITIVE_INFINITY : Number(value);
}

/** Children that are schema components (annotations skipped). */
function parts(element: XmlElement): XmlElement[] {
  return childElements(element).filter((child) => child.name !== `${XS}annotation`);
}

export class XsdSubset {
  readonly #schema: Schema;

  constructor(xsdText: string) {
    const root = readXml(xsdText);
    if (root.name !== `${XS}schema`) throw new Error('not an xs:schema');
    this.#schema = { elements: new Map(), complexTypes: new Map(), simpleTypes: new Map() };
    for (const child of parts(root)) {
      const name = child.attributes.name;
      if (child.name === `${XS}element`) this.#schema.elements.set(name, child);
      else if (child.name === `${XS}complexType`) this.#schema.complexTypes.set(name, child);
      else if (child.name === `${XS}simpleType`) this.#schema.simpleTypes.set(name, child);
      else throw new Error(`unsupported top-level ${child.name}`);
    }
  }

  /** The validation errors of a document (empty when it is valid). */
  validate(xmlText: string): string[] {
    const errors: string[] = [];
    let document: XmlElement;
    try {
      document = readXml(xmlText);
    } catch (error) {
      return [(error as Error).message];
    }
    const declaration = this.#schema.elements.get(document.name);
    if (!declaration) return [`no global element <${document.name}>`];
    this.#validateElement(document, declaration, errors);
    return errors;
  }

  #typeOf(declaration: XmlElement): string | XmlElement {
    const type = declaration.attributes.type;
    if (type !== undefined) return type;
    const inline = parts(declaration).find((child) => child.name === `${XS}complexType`);
    if (!inline) return 'xs:string';
    return inline;
  }

  #validateElement(element: XmlElement, declaration: XmlElement, errors: string[]): void {
    const type = this.#typeOf(declaration);
    const where = `<${element.name}> (line ${element.line})`;
    if (typeof type === 'string' && (BUILT_IN.has(type) || this.#schema.simpleTypes.has(type))) {
      if (Object.keys(element.attributes).length > 0) errors.push(`${where}: no attributes allowed`);
      if (childElements(element).length > 0) errors.push(`${where}: text only`);
      this.#checkSimple(textOf(element), type, `${where} content`, errors);
      return;
    }
    const complex = typeof type === 'string' ? this.#schema.complexTypes.get(type) : type;
    if (!complex) {
      errors.push(`${where}: unknown type ${String(type)}`);
      return;
    }
    const components = parts(complex);
    const simpleContent = components.find((child) => child.name === `${XS}simpleContent`);
    let attributeDeclarations: XmlElement[];
    if (simpleContent) {
      const extension = parts(simpleContent)[0];
      if (extension?.name !== `${XS}extension`) throw new Error('simpleContent needs xs:extension');
      if (childElements(element).length > 0) errors.push(`${where}: text only`);
      this.#checkSimple(textOf(element), extension.attributes.base, `${where} content`, errors);
      attributeDeclarations = parts(extension).filter((child) => child.name === `${XS}attribute`);
    } else {
      attributeDeclarations = components.filter((child) => child.name === `${XS}attribute`);
      const model = components.find(
        (child) => child.name === `${XS}sequence` || child.name === `${XS}choice`,
      );
      for (const child of element.children) {
        if (typeof child === 'string' && /\S/.test(child)) errors.push(`${where}: text not allowed here`);
      }
      const children = childElements(element);
      if (model) {
        const particle = this.#particle(model);
        const matched: { element: XmlElement; declaration: XmlElement }[] = [];
        const end = this.#match(particle, children, 0, matched);
        if (end < 0 || end !== children.length) {
          const at = end < 0 ? children[0] : children[end];
          errors.push(`${where}: unexpected ${at ? `<${at.name}> (line ${at.line})` : 'end of content'}`);
        }
        for (const { element: child, declaration: childDeclaration } of matched) {
          this.#validateElement(child, childDeclaration, errors);
        }
      } else if (children.length > 0) errors.push(`${where}: no child elements allowed`);
      for (const other of components) {
        if (![`${XS}attribute`, `${XS}sequence`, `${XS}choice`].includes(other.name)) {
          throw new Error(`unsupported ${other.name} in a complexType`);
        }
      }
    }
    this.#checkAttributes(element, attributeDeclarations, where, errors);
  }

  #checkAttributes(element: XmlElement, declarations: XmlElement[], where: string, errors: string[]): void {
    const byName = new Map(declarations.map((declaration) => [declaration.attributes.name, declaration]));
    for (const [name, value] of Object.entries(element.attributes)) {
      const declaration = byName.get(name);
      if (!declaration) {
        errors.push(`${where}: attribute ${name} not allowed`);
        continue;
      }
      this.#checkSimple(value, declaration.attributes.type ?? 'xs:string', `${where} @${name}`, errors);
    }
    for (const declaration of declarations) {
      if (declaration.attributes.use === 'required' && !(declaration.attributes.name in element.attributes)) {
        errors.push(`${where}: attribute ${declaration.attributes.name} is required`);
      }
    }
  }

  #particle(component: XmlElement): Particle {
    const min = occurs(component, 'minOccurs');
    const max = occurs(component, 'maxOccurs');
    if (component.name === `${XS}element`) {
      const ref = component.attributes.ref;
      if (ref !== undefined) {
        const global = this.#schema.elements.get(ref);
        if (!global) throw new Error(`unknown element ref ${ref}`);
        return { kind: 'element', name: ref, type: global, min, max };
      }
      return { kind: 'element', name: component.attributes.name, type: component, min, max };
    }
    if (component.name === `${XS}sequence` || component.name === `${XS}choice`) {
      return {
        kind: component.name === `${XS}sequence` ? 'sequence' : 'choice',
        items: parts(component).map((child) => this.#particle(child)),
        min,
        max,
      };
    }
    throw new Error(`unsupported particle ${component.name}`);
  }

  /**
   * Greedy match of a particle against children from `at`; returns the new position
   * or -1. Greedy is exact for the deterministic content models XSD requires.
   */
  #match(
    particle: Particle,
    children: XmlElement[],
    at: number,
    matched: { element: XmlElement; declaration: XmlElement }[],
  ): number {
    let count = 0;
    let position = at;
    while (count < particle.max) {
      const next = this.#matchOnce(particle, children, position, matched);
      if (next < 0 || (next === position && count >= particle.min)) break;
      position = next;
      count++;
    }
    return count >= particle.min ? position : -1;
  }

  #matchOnce(
    particle: Particle,
    children: XmlElement[],
    at: number,
    matched: { element: XmlElement; declaration: XmlElement }[],
  ): number {
    if (particle.kind === 'element') {
      if (at < children.length && children[at].name === particle.name) {
        matched.push({ element: children[at], declaration: particle.type as XmlElement });
        return at + 1;
      }
      return -1;
    }
    if (particle.kind === 'sequence') {
      let position = at;
      for (const item of particle.items) {
        position = this.#match(item, children, position, matched);
        if (position < 0) return -1;
      }
      return position;
    }
    for (const item of particle.items) {
      const before = matched.length;
      const position = this.#match(item, children, at, matched);
      if (position > at) return position;
      matched.length = before;
    }
    return -1;
  }

  #checkSimple(value: string, type: string, where: string, errors: string[]): void {
    if (BUILT_IN.has(type)) {
      const token = value.trim();
      if (type === 'xs:positiveInteger' && !/^\+?0*[1-9]\d*$/.test(token))
        errors.push(`${where}: not a positive integer`);
      if (type === 'xs:nonNegativeInteger' && !/^\+?\d+$/.test(token))
        errors.push(`${where}: not a non-negative integer`);
      if (type === 'xs:decimal' && !/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(token))
        errors.push(`${where}: not a decimal`);
      return;
    }
    const simple = this.#schema.simpleTypes.get(type);
    if (!simple) throw new Error(`unknown simple type ${type}`);
    const restriction = parts(simple)[0];
    if (restriction?.name !== `${XS}restriction`) throw new Error(`${type}: only restrictions are supported`);
    const base = restriction.attributes.base;
    this.#checkSimple(value, base, where, errors);
    const token = base === 'xs:string' ? value : value.replace(/\s+/g, ' ').trim();
    const facets = parts(restriction);
    const enumeration = facets
      .filter((facet) => facet.name === `${XS}enumeration`)
      .map((facet) => facet.attributes.value);
    if (enumeration.length > 0 && !enumeration.includes(token))
      errors.push(`${where}: '${token}' not in ${enumeration.join(', ')}`);
    for (const facet of facets) {
      const limit = Number(facet.attributes.value);
      if (facet.name === `${XS}maxInclusive` && !(Number(token) <= limit))
        errors.push(`${where}: above ${limit}`);
      else if (facet.name === `${XS}minInclusive` && !(Number(token) >= limit))
        errors.push(`${where}: below ${limit}`);
      else if (![`${XS}enumeration`, `${XS}maxInclusive`, `${XS}minInclusive`].includes(facet.name)) {
        throw new Error(`unsupported facet ${facet.name}`);
      }
    }
  }
}
