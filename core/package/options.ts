// `kindly/core/options`: the option lists both UIs offer (countries, states and provinces,
// platforms) and the formats they show values in; no client, no schemas.
export * from '../options';
export * from '../format';
