export { formatPhone } from './format-phone';
export { formatCount } from './format-count';
