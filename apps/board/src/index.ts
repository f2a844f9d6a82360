// The board service's front door: what the composition root (apps/standalone) assembles and seeds.
export { boardService } from './board.service';
export { BoardDatabase } from './database';
export { seedDemoInquiries } from './seed/demo-inquiries';
export { seedDemoNotices } from './seed/demo-notices';
