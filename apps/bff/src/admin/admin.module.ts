import { Module } from '@nestjs/common';
import { AdminMembersController } from './admin-members.controller';
import { VisitorController } from '../visitors/visitor.controller';

/** The admins' members and the visitor statistics. */
@Module({ controllers: [AdminMembersController, VisitorController] })
export class AdminModule {}
