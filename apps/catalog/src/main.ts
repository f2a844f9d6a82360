import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { catalogService } from './catalog.module';

runServiceProcess(catalogService);
