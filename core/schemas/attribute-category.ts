import * as v from 'valibot';
import { flag, integer } from './field';
import { strictBody } from './strict-body';
import { optionEntryList, text } from './text';

/** The writable fields of an attribute category, without defaults. */
/* @__NO_SIDE_EFFECTS__ */
function attributeCategoryFields() {
  return {
    name: text({ label: 'Name', min: 1, max: 100 }),
    multiple: flag('Multiple'),
    options: optionEntryList({ label: 'Options' }),
    sortOrder: integer({ label: 'Sort order' }),
  };
}

/* @__NO_SIDE_EFFECTS__ */
function attributeCategoryCreateSchema() {
  const fields = attributeCategoryFields();
  return strictBody({
    name: fields.name,
    multiple: v.optional(fields.multiple, false),
    options: v.optional(fields.options, () => []),
    sortOrder: v.optional(fields.sortOrder, 0),
  });
}

/* @__NO_SIDE_EFFECTS__ */
function attributeCategoryUpdateSchema() {
  return v.partial(strictBody(attributeCategoryFields()));
}

/**
 * The body of `POST .../attribute-category`: `name` is required; `multiple` (whether a guest
 * may hold several of its values) defaults to false, `options` (values unique) to `[]`,
 * `sortOrder` to 0.
 */
export const AttributeCategoryCreateSchema: AttributeCategoryCreateSchemaType =
  /* @__PURE__ */ attributeCategoryCreateSchema();

/** The schema type of {@link AttributeCategoryCreateSchema}. */
export type AttributeCategoryCreateSchemaType = ReturnType<typeof attributeCategoryCreateSchema>;

/** A valid attribute category create body, defaults applied. */
export type AttributeCategoryCreate = v.InferOutput<typeof AttributeCategoryCreateSchema>;

/** The body of `PUT .../attribute-category/{attributeCategoryId}`: any subset of the writable fields. */
export const AttributeCategoryUpdateSchema: AttributeCategoryUpdateSchemaType =
  /* @__PURE__ */ attributeCategoryUpdateSchema();

/** The schema type of {@link AttributeCategoryUpdateSchema}. */
export type AttributeCategoryUpdateSchemaType = ReturnType<typeof attributeCategoryUpdateSchema>;

/** A valid attribute category update body. */
export type AttributeCategoryUpdate = v.InferOutput<typeof AttributeCategoryUpdateSchema>;

/**
 * A host-defined way to tag guests (side, relationship, A/B list…), as the API answers it: the
 * fields of {@link AttributeCategoryCreate} (`multiple`: whether a guest may hold several of its
 * values, otherwise at most one; `options` unique within the category) and its ids.
 */
export interface AttributeCategory extends AttributeCategoryCreate {
  id: string;
  occasionId: string;
}
