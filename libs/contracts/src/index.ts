export * from './api/paging';
export * from './api/catalog';
export * from './api/reviews';
export * from './api/inquiries';
export * from './api/members';
export * from './api/visitors';
export * from './events';
