import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { paymentService } from './payment.service';

runServiceProcess(paymentService);
