export const SERVICE_URLS = Symbol('SERVICE_URLS');
