import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { ProductManagementController } from '../products/product-management.controller';

/** The storefront's catalogue and the sellers' management of their products. */
@Module({ controllers: [CatalogController, ProductManagementController] })
export class CatalogModule {}
