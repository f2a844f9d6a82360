import { Module } from '@nestjs/common';
import { FaqController, NoticeController } from '../customer-centre/customer-centre.controller';
import { InquiryController } from '../inquiries/inquiry.controller';
import { ReviewController } from '../reviews/review.controller';

/** Reviews, product inquiries and the customer centre's notices and FAQs (the board service). */
@Module({ controllers: [ReviewController, InquiryController, NoticeController, FaqController] })
export class BoardModule {}
