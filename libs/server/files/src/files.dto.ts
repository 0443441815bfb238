import { IsBoolean } from 'class-validator';
import type { FileUpdate } from '@solvr/contracts';

export class FileUpdateDto implements FileUpdate {
  @IsBoolean({ message: 'is_active must be true or false.' }) is_active: boolean;
}
