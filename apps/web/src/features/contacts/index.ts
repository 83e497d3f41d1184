export { useContacts } from './api/get-contacts.ts';
