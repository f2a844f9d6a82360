import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { refundService } from './refund.service';

runServiceProcess(refundService);
