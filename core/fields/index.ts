export { DEFAULT_MAX_DATE, DEFAULT_MIN_DATE, isInDateRange } from './date-range';
export { blurField, canChoose, showsError, type FieldFlags, type FieldState } from './field-state';
export { emptyListText, LOADING_TEXT, NO_OPTIONS_TEXT } from './field-texts';
export {
  addOption,
  createMultiSelectField,
  removeOption,
  setSelection,
  type MultiSelectField,
  type MultiSelectFieldConfig,
} from './multi-select-field';
export {
  chooseOption,
  clearSelection,
  createSelectField,
  visibleOptions,
  type SelectField,
  type SelectFieldConfig,
} from './select-field';
