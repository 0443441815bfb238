import { IsBoolean, IsOptional, IsString } from 'class-validator';
import type { NewsFlags, NewsInput } from '@solvr/contracts';

export class NewsInputDto implements NewsInput {
  @IsString({ message: 'title must be text.' }) title: string;
  @IsString({ message: 'content must be text.' }) content: string;
  @IsOptional() @IsString({ message: 'excerpt must be text.' }) excerpt?: string;
  @IsOptional() @IsString({ message: 'author must be text.' }) author?: string;
  @IsOptional() @IsBoolean({ message: 'is_featured must be true or false.' }) is_featured?: boolean;
  @IsOptional() @IsBoolean({ message: 'is_published must be true or false.' }) is_published?: boolean;
}

export class NewsFlagsDto implements NewsFlags {
  @IsOptional() @IsBoolean({ message: 'is_published must be true or false.' }) is_published?: boolean;
  @IsOptional() @IsBoolean({ message: 'is_featured must be true or false.' }) is_featured?: boolean;
}
