import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { cartService } from './cart.service';

runServiceProcess(cartService);
