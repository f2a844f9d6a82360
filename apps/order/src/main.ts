import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { orderService } from './order.service';

runServiceProcess(orderService);
