import { leaveTheShare, shareTheStore } from './store-turns';

// Every distributed suite shares the store while it runs (store-turns.ts).
beforeAll(shareTheStore, 200_000);
afterAll(leaveTheShare);
