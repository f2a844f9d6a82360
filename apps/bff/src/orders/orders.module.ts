import { Module } from '@nestjs/common';
import { OrderController } from './order.controller';
import { ConsoleOrdersController } from './console-orders.controller';

/** Orders: a shopper's, and the sellers' and admins' console. */
@Module({ controllers: [OrderController, ConsoleOrdersController] })
export class OrdersModule {}
