import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { memberService } from './member.service';

runServiceProcess(memberService);
