export { formatPhone } from './format-phone';
