import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { boardService } from './board.service';

runServiceProcess(boardService);
