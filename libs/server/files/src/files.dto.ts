import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FILE_TEXTS, LIBRARY_MAX_PAGE, LIBRARY_SORTS, type FileUpdate, type LibraryListQuery, type LibrarySort } from '@solvr/contracts';

export class FileUpdateDto implements FileUpdate {
  @IsBoolean({ message: 'is_active must be true or false.' }) is_active: boolean;
}

/** GET /api/files?search=&sort=&type=&after=&limit= */
export class LibraryListQueryDto implements LibraryListQuery {
  @IsOptional() @IsString({ message: FILE_TEXTS.badLibrarySearch }) @MaxLength(100, { message: FILE_TEXTS.badLibrarySearch }) search?: string;
  @IsOptional() @IsIn(LIBRARY_SORTS, { message: FILE_TEXTS.badLibrarySort }) sort?: LibrarySort;
  @IsOptional() @IsString() @MaxLength(200) type?: string;
  @IsOptional() @IsString({ message: FILE_TEXTS.badLibraryCursor }) @MaxLength(2000, { message: FILE_TEXTS.badLibraryCursor }) after?: string;
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: FILE_TEXTS.badLibraryLimit })
  @Min(1, { message: FILE_TEXTS.badLibraryLimit })
  @Max(LIBRARY_MAX_PAGE, { message: FILE_TEXTS.badLibraryLimit })
  limit?: number;
}
