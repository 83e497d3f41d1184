export { CREDIT_LIMIT_KEY, useCreditLimit } from './api/get-credit-limit.ts';
